// The built-in assignment `__is_assignable` models is false for a prvalue or const left side;
// a non-const lvalue reference binds no value of an unrelated type.
static_assert(__is_assignable(int, int), "prvalue");
static_assert(__is_assignable(const int &, int), "const");
static_assert(__is_constructible(int &, long &), "unrelated");
