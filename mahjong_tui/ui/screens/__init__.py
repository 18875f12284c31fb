"""Screens and dialogs of the table app."""
