#define SPACE 1
