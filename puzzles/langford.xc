# langford.xc: Langford pairs: two copies of each number k in 1..n in a row of 2n slots,
# with k other numbers between the two k's (n = 7: 52 arrangements, 26 up to reading the row
# backwards: count --up-to-symmetry).
#   excover count langford.xc -p n=11
param n = 7   # the numbers 1..n, each twice
require n >= 1, "-p n is how many numbers: 1 or more"

primary number(k) for k in 1..n
primary slot(s) for s in 1..2 * n

option "{k} at {s} and {s + k + 1}": number(k) slot(s) slot(s + k + 1)
    for k in 1..n for s in 1..2 * n - k - 1
    show [(1, s), (1, s + k + 1)] = k

symmetry slot(s) -> slot(2 * n + 1 - s) for s in 1..2 * n   # the row read backwards
