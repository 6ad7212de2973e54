import SwiftSyntax

/// What a fix pass makes of a finding on one class: the edits, or the one-line reason the change
/// is left to a person.
enum ClassFix<Edits> {
    /// The edits that make the change.
    case edits(Edits)
    /// Why the change is left to a person.
    case unsafe(String)
}

extension FixContext {
    /// Each of `findings` with its fix, or with the reason it is left: `make` works the fix out
    /// for a finding whose class (in `classes`, at the same position) was found and whose
    /// project was scanned, and `apply` puts its edits on the finding. A run that named files
    /// leaves every class (the other files cannot be seen), and a file that cannot be read again
    /// says so; a finding whose class is not there keeps no fix.
    func fixes<Scan, Edits>(
        _ findings: [Diagnostic], classes: [(File, ClassDeclSyntax)?], scan: Scan?,
        make: (File, ClassDeclSyntax, Scan) -> ClassFix<Edits>, apply: (inout Diagnostic, Edits) -> Void
    ) -> [Diagnostic] {
        zip(findings, classes).map { finding, found in
            let fix: ClassFix<Edits>
            if found != nil, namesFilesOnly {
                fix = .unsafe(Self.namedFilesReason)
            } else if let (file, decl) = found, let scan {
                fix = make(file, decl, scan)
            } else if file(finding.path) == nil {
                fix = .unsafe("its file could not be read again for the fix")
            } else {
                return finding
            }
            var fixed = finding
            switch fix {
            case .edits(let edits): apply(&fixed, edits)
            case .unsafe(let reason): fixed.leave(because: reason)
            }
            return fixed
        }
    }
}
