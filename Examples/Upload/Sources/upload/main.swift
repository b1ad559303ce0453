import FileUpload
import Foundation

// upload [EVENT …]
//
// Sends the events named as arguments to an upload, or, without arguments, the events
// typed one per line (end with Ctrl-D; `?` lists those the upload takes now). Prints,
// for each, the configuration reached and the effects run, or that the upload rejected
// the event (a state test said no) or has no row for it.
let console = UploadConsole(
    write: { print($0) },
    report: { FileHandle.standardError.write(Data(("upload: " + $0 + "\n").utf8)) })
let arguments = CommandLine.arguments.dropFirst()
if !arguments.isEmpty {
    arguments.forEach(console.handle(line:))
} else {
    if isatty(STDIN_FILENO) == 1 {
        print(
            "An upload, \(console.upload.state). Type Choose or Backup, then Start, Accept, Complete, Finish, …; ? lists what it takes; Ctrl-D ends."
        )
    }
    while let line = readLine() {
        console.handle(line: line)
    }
}
