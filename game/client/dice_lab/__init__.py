"""The Dice Lab: every dice system of the family set up, rolled in a tray and explained exactly.

Four tabs (keys 1–4): Alkemy check (A1–A3, A5), Opposed roll (A4), D6 + D3 (D1–D5), Free roller (P1–P2). Each
tab (`base.Tab`) owns its steppers and text fields, asks `game.engine.dice` for the exact figures, builds a
`chart.ChartModel`, and rolls with the Lab's seeded RNG; `stats` holds the arithmetic (no pygame), `scene` the
screen. Inputs and the seed are remembered in the settings file (`Settings.dice_lab`).
"""
