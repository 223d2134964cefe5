// Golden-image assertions for XCTest and Swift Testing.
