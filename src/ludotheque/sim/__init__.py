"""Simulation and benchmarks."""
