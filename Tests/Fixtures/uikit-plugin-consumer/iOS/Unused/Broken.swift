// Left out by "exclude": it would not compile anywhere.
let broken: Int = "not a number"
