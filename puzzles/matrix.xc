# matrix.xc: exact cover of a raw 0/1 matrix: choose rows that hold exactly one 1 in every
# column (Knuth's toy matrix by default). -p matrix=@FILE reads rows of 0/1 (blanks or
# commas between them, or runs of digits), or POJ 3740's format (a first line "M N").

# The rows of the matrix, one a line.
param matrix = """
0 0 1 0 1 1 0
1 0 0 1 0 0 1
0 1 1 0 0 1 0
1 0 0 1 0 0 0
0 1 0 0 0 0 1
0 0 0 1 1 0 1
"""
# POJ 3740's input holds several matrices, each headed by its size "M N": each is a case,
# answered in turn.
cases matrix = matrix_cases(matrix)
let rows = matrix_rows(matrix)

primary column(j) for j in 1..len(rows[0])
# A row of zeros covers nothing, so it can never be part of a cover: it is left out.
option "row {i}": [column(j) for (j, bit) in enumerate(row, 1) if bit == 1]
    for (i, row) in enumerate(rows, 1) if 1 in row

# And the answer in the words of POJ 3740, "Easy Finding":
report "Yes, I found it" if found > 0 else "It is impossible"
