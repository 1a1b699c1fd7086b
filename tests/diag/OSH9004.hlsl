// EXPECT: OSH9004 -
float helper() { return 1; }
