#ifndef B_H
#define B_H
#define B 2
#endif
