// Default member initializers; a bit-field's width is a conditional-expression, so `= 2`
// after it is the initializer.
struct S {
  int v = 4;
  float w{2.0f};
  int x : 3 = 2;
  unsigned y : 5 {17};
  int *p = nullptr;
};
