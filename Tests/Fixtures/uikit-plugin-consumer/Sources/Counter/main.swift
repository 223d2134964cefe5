// Runs the rewritten iOS files: each line shows an optional delegate method answering, or not.
let counter = Counter()
let listener = Listener(), deaf = DeafListener()  // the delegate is weak: kept here
counter.delegate = listener
print(counter.increment())
counter.delegate = deaf
print(counter.increment())
counter.delegate = nil
print(counter.increment())
