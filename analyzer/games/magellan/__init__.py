"""Magellan (Pizarro & Co.): bid states, Pizarro's draw, full games for balance runs."""
