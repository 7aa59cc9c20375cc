"""Aloft's printed colours, shared by the board, the cards and the pictures."""

INK = "#1d2330"
SKY = "#dcecf7"
ROAD = "#b9b4aa"
PAPER = "#fbf8f0"
WHITE = "#ffffff"
