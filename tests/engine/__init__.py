"""Engine tests: pure, no database, no Django."""
