// More libstdc++ constructs (stl_tree.h, shared_ptr_base.h, vector.tcc, unique_ptr.h).
template<class V> struct node { V v; };
template<class V> void destroy(node<V> *p) { p->~node<V>(); }
int f(int c) {
  if (c == 1)
    [[__unlikely__]]
    {
      return 2;
    }
  else
    return 3;
}
template<int L> struct counted_base {};
template<class P, int L> class counted_ptr final : public counted_base<L> { };
template<class T> struct vec { typedef unsigned size_type; void g(size_type len) {
  const size_type __attribute__((__unused__)) n = len - 1; } };
template<class T> struct rp { typedef T type; };
template<class U, class = int> struct uq {};
template<class U> struct uq2 : uq<typename rp<U>::type(*)[], int> {};
template <class K, class V, class H = int> class umap { public: typedef unsigned size_type; };
template <class It, class H = int> umap(It, It, typename umap<int, int>::size_type = {}, H = H()) -> umap<It, It, H>;
