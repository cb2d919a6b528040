"""White Rabbit (Max Mümmelmann) tests."""
