//! Views.
