#pragma once
#include "b.h"
#define A 1
