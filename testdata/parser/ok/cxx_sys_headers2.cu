// More libstdc++ constructs (<type_traits>, <new>, bits/stl_algobase.h, ext/type_traits.h).
namespace dbg { template <class I, class S> class safe_it; }
template <class I, class S, class O>
O copy_a(const ::dbg::safe_it<I, S> &, const ::dbg::safe_it<I, S> &, O);
template <class I, class S>
::dbg::safe_it<I, S> copy_b(int);
__extension__ template <class T> using signed_t = T;
template <class F> constexpr bool nt(int) { return noexcept(F()()); }
template <class I> typename I::category cat(const I &) { return typename I::category(); }
template <class... T> using promoted_t = decltype((typename T::type(0) + ...));
inline void *operator new[](unsigned long, void *p) noexcept { return p; }
inline void operator delete[](void *, void *) noexcept {}
