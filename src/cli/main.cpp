#include <iostream>
int main() { std::cout << "ludus\n"; }
