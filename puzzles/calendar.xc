# calendar.xc: DragonFjord's A-Puzzle-A-Day: eight pieces leave today's date open.
# Cover the board with the pieces, rotated and flipped as you like, leaving the month and
# the day uncovered:
#   excover run calendar.xc                       (today)
#   excover count calendar.xc -p month=Oct -p day=6
let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
param month = months[today()[1] - 1]   # the month left open: Jan .. Dec (today's by default)
param day = today()[2]                 # the day left open: 1 .. 31
require month in months, "-p month is one of {months}"
require 1 <= day <= 31, "-p day is a day of the month, 1 .. 31"

let board = grid """
Jan Feb Mar Apr May Jun  .
Jul Aug Sep Oct Nov Dec  .
  1   2   3   4   5   6  7
  8   9  10  11  12  13 14
 15  16  17  18  19  20 21
 22  23  24  25  26  27 28
 29  30  31   .   .   .  .
"""

primary cell(r, c) for (r, c) in board.cells
primary piece(p) for p in calendar_pieces
# Exactly one month cell and one day cell stay open: the "hole" options cover them.
primary month_hole
primary day_hole
symmetry cell(r, c) at (r, c) for (r, c) in board.cells   # (the board has none but the identity)

option piece(p) [cell(r, c) for (r, c) in cells]
    for p in calendar_pieces for cells in placements(calendar_pieces[p], board)
    show cells = p
option "month {board[r, c]}": cell(r, c) month_hole for (r, c) in board.cells if board[r, c] in months
    show (r, c) = board[r, c]
option "day {board[r, c]}": cell(r, c) day_hole for (r, c) in board.cells if board[r, c] not in months
    show (r, c) = board[r, c]

# The date is a clue: the matrix is the same for every day of the year.
given "month {month}"
given "day {day}"
