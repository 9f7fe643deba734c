"""Ordered SQL migrations (NNNN_name.sql), shipped with the package and applied at start-up."""
