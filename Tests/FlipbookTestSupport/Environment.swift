import Foundation

/// Sets (or, for nil, unsets) environment variables while `body` runs, then restores them.
/// Golden checks read FLIPBOOK_RECORD, CI, FLIPBOOK_GOLDENS_DIR and FLIPBOOK_ARTIFACTS on every
/// call; callers must not run concurrently with other code that reads them.
public func withEnvironment<T>(_ values: [String: String?], _ body: () throws -> T) rethrows -> T {
    // An array, not a [String: String?]: assigning a nil `String?` through a dictionary
    // subscript is easy to get wrong, and a variable that was unset must be unset again.
    var saved: [(name: String, value: String?)] = []
    for (name, value) in values {
        saved.append((name, getenv(name).map { String(cString: $0) }))
        if let value { setenv(name, value, 1) } else { unsetenv(name) }
    }
    defer {
        for (name, value) in saved {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
    }
    return try body()
}
