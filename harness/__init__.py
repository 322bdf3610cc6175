"""The real server and browser that the end-to-end tests and the benchmark both drive."""
