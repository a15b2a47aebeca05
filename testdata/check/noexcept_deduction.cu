// C++17 deduction from a noexcept function type: `B` of `R (*)() noexcept(B)` from the
// argument's function type (nvcc deduces it; NVRTC's front end does not); a `noexcept`
// parameter type takes no pointer to a function without it.
template <class R, bool B> constexpr int nx_of(R (*)() noexcept(B)) { return B ? 1 : 2; }
template <class R> constexpr int only_nothrow(R (*)() noexcept) { return 1; }
template <class R> constexpr int any_fn(R (*)()) { return 2; }
int plain() { return 3; }
int nothrow() noexcept { return 4; }
static_assert(nx_of(&nothrow) == 1 && nx_of(&plain) == 2, "");
static_assert(only_nothrow(&nothrow) == 1, "");
static_assert(any_fn(&nothrow) == 2 && any_fn(&plain) == 2, "");
