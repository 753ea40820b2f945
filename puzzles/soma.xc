# soma.xc: Piet Hein's seven Soma pieces build the 3x3x3 cube or another figure.
# The cube: 11,520 ways (240 up to the cube's 48 symmetries). The pieces turn but, being solid,
# do not turn into their mirror images. A figure is given by its stack heights, one digit
# per column of cubes, rows separated by "/":
#   excover count soma.xc -p figure=345/234/123
param figure = grid "333/333/333"   # stack heights, rows separated by "/"

let cubes = [(r, c, z) for (r, c) in figure.cells for z in 1..int(figure[r, c])]

primary piece(p) for p in soma
primary cube(r, c, z) for (r, c, z) in cubes
symmetry cube(r, c, z) at (r, c, z) for (r, c, z) in cubes   # its mirrors swap the pieces A and B

option piece(p) [cube(r, c, z) for (r, c, z) in cells]
    for p in soma for cells in placements(soma[p], cubes, reflect=false)
    show cells = p
