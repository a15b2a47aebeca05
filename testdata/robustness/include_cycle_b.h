#include "include_cycle_a.h"
