// Regression: the function definitions one macro expands to all start at the macro call; each
// must keep its own body (they used to share the last one's). The static_asserts evaluate the
// bodies; only the deliberately wrong one fails.
#define TWO_FUNCTIONS constexpr int one() { return 1; } constexpr int two() { return 2; }
TWO_FUNCTIONS
static_assert(one() == 1, "one");
static_assert(two() == 2, "two");
static_assert(two() == 3, "deliberately wrong");
