// libstdc++ bits/locale_classes.h: a static member shadowing a class template in a parenthesized expression.
template<class C> class ctype;
class locale { public: typedef int category;
 static const category ctype = 1L << 0;
 static const category numeric = 1L << 1;
 static const category all = (ctype | numeric);
};
