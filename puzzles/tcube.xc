# tcube.xc: fill a box with identical T-tetracubes, as many as it takes
# (6x6x6 by default: 54 pieces). The piece item may be used any number of times.
#   excover run tcube.xc -p size=4
param size = 6

let t = shape("### / .#.")
let space = box(size, size, size)

primary cube(r, c, z) for (r, c, z) in space
primary tee [0..*]

option tee [cube(r, c, z) for (r, c, z) in cells] for cells in placements(t, space)
    show cells = "T"
