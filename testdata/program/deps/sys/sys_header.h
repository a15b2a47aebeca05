#pragma once
#define S 3
