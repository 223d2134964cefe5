import Foundation

/// The rule that no output of a command may be one of its inputs: a write must never replace
/// the file it read (`verify g.lock --markdown g.lock`), a folder output must never delete an
/// input it holds, and nothing may be written into a folder whose contents are the input (a
/// shard, a rendered sequence under review), which would spoil it.
package enum OutputOverlap {
    /// One input of a command: a file it reads, or a folder all of whose contents it reads (a
    /// render folder given to `review` or `merge`).
    package struct Input: Sendable, Equatable {
        /// The path as the user or the input named it.
        package var path: String
        /// True for a folder whose contents are the input.
        package var isFolder: Bool

        /// An input file, or a folder whose contents are the input.
        package init(_ path: String, isFolder: Bool = false) {
            self.path = path
            self.isFolder = isFolder
        }
    }

    /// Checks that writing `output` (a file, or with `isFolder` a folder replaced as a whole)
    /// touches none of `inputs`. Refused: an output file that is an input file (the same file:
    /// device and inode, links followed); an output inside an input folder; an input inside an
    /// output folder. `allowingSameFolder` lets an output folder be exactly an input folder (a
    /// merge rewrites a shard in place, reading it first). Paths are compared by their real
    /// locations (`OutputDirectory.canonical`: links and `..` resolved), so another spelling or a
    /// link is caught too.
    /// - Throws: `FileError.unwritable` naming `output` and the input.
    package static func check(output: String, isFolder: Bool = false, inputs: [Input], allowingSameFolder: Bool = false) throws {
        let target = Target(output, isFolder: isFolder)
        for input in inputs where !input.path.isEmpty {
            if let problem = target.problem(with: input, allowingSameFolder: allowingSameFolder) {
                throw FileError.unwritable(path: output, reason: problem)
            }
        }
    }

    /// The output, looked up once for all the inputs (a render may read thousands of photos).
    private struct Target {
        let path: String, isFolder: Bool
        /// Its real location (`OutputDirectory.canonical`), and its file's identity when it exists.
        let canonical: String
        let identity: (device: UInt64, inode: UInt64)?

        init(_ path: String, isFolder: Bool) {
            self.path = path
            self.isFolder = isFolder
            canonical = OutputDirectory.canonical(path)
            identity = OutputOverlap.identity(path)
        }

        /// What is wrong with writing this output given `input`, or nil.
        func problem(with input: Input, allowingSameFolder: Bool) -> String? {
            if input.isFolder {
                let folder = OutputDirectory.canonical(input.path)
                let same = canonical == folder
                if same && isFolder && allowingSameFolder { return nil }
                if same { return "it is the input folder \(input.path); name another output" }
                if canonical.hasPrefix(folder == "/" ? "/" : folder + "/") {
                    return "it is inside the input folder \(input.path), whose contents are read as the input; write it elsewhere"
                }
            } else if let identity {
                if let other = OutputOverlap.identity(input.path), identity == other {
                    return "it is the input \(input.path) (the same file); name another output"
                }
            } else if canonical == OutputDirectory.canonical(input.path) {
                // Not there yet, but a folder on the way would be made (`x/../in.png`).
                return "it is the input \(input.path) (the same file); name another output"
            }
            // Only an existing folder can hold an input.
            if isFolder, identity != nil, OutputDirectory.canonical(input.path).hasPrefix(canonical == "/" ? "/" : canonical + "/") {
                return "it would hold the input \(input.path), and the folder is replaced as a whole; name another folder"
            }
            return nil
        }
    }

    /// The device and inode of the file at `path` (links followed), nil when there is none.
    static func identity(_ path: String) -> (device: UInt64, inode: UInt64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }
}
