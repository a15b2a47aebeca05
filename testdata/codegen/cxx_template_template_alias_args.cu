// Template template arguments that name alias templates, and a dependent member template as a
// template template parameter's default (`_Fn::template __call`, the `__type_callable_fn`
// idiom of libcu++'s type_list.h): a function template's pack may be followed by defaulted
// parameters; a default that cannot be formed removes the candidate (SFINAE). Also a fold
// expression in a functional cast as a template argument (`bool((P || ...))`, fold.h). Values
// as nvcc 13 -arch=sm_90 gives them.
// ARGS: -arch=sm_90 -std=c++17
template <class... T> struct list {};
struct F {
  template <class... T> using call = int;
};
struct G {
  template <class T> struct call {
    static const int v = sizeof(T);
  };
};
template <class Fn, class... Ts, template <class...> class Fn2 = Fn::template call, class = Fn2<Ts...>>
__device__ int callable(list<Fn, Ts...> *) { return 1; }
__device__ int callable(void *) { return 0; }

template <template <class...> class C, class... Ts> struct bind {
  using type = C<Ts...>;
};
template <class Fn, class... Ts> using apply = typename bind<Fn::template call, Ts...>::type;
template <class... T> using al = G::call<T...>;

template <bool B> struct bc {
  static const bool value = B;
};
template <bool... P> using fold_or = bc<bool((P || ...))>;
template <bool... P> using fold_and = bc<bool((P && ...))>;

extern "C" __global__ void tt_alias(int *o) {
  o[0] = callable(static_cast<list<F, int> *>(nullptr)) + 2 * callable(static_cast<list<int, int> *>(nullptr)) +
         4 * callable(static_cast<list<G, char> *>(nullptr));
  apply<F, char> x = 3;
  o[1] = x + apply<G, double>::v;
  o[2] = 5 * sizeof(typename bind<al, double>::type);
  o[3] = fold_or<false, true>::value + 2 * fold_and<true, false>::value + 4 * bc<bool(3)>::value;
}
// CHECK: .entry tt_alias(
// CHECK: ], 5;
// CHECK: +4], 11;
// CHECK: +8], 5;
// CHECK: +12], 5;
