import Foundation

/// Xcode file templates made from the same template source as `mvvm new`: one `.xctemplate`
/// folder per style, asking for the screen's name.
public enum XcodeTemplate {
    /// What Xcode substitutes for the screen name typed in its dialog.
    public static let namePlaceholder = "___VARIABLE_productName:identifier___"
    /// The file-name part Xcode replaces with the typed name.
    public static let fileNamePlaceholder = "___FILEBASENAME___"
    /// Xcode's own file header (the project's or the user's).
    public static let headerPlaceholder = "//___FILEHEADER___"

    /// The files of both templates, relative to the output folder. Tests are left out: an Xcode
    /// file template adds files to one target, and the app target is not where tests go.
    public static func files() throws(ScaffoldError) -> [ScaffoldFile] {
        var files: [ScaffoldFile] = []
        for (style, title) in [(ScreenStyle.triad, "MVVM Triad Screen"), (.responder, "MVVM Responder Screen")] {
            let scaffold = try ScreenScaffold(style: style, dependencies: style == .triad ? .struct : nil)
            let folder = "\(title).xctemplate"
            let sources = scaffold.templates.filter { $0.destination == .sources }
            for template in sources {
                files.append(ScaffoldFile(
                    destination: .sources,
                    name: folder + "/" + template.name.replacing("{{Name}}", with: fileNamePlaceholder),
                    contents: headerPlaceholder + "\n\n" + template.contents.replacing("{{Name}}", with: namePlaceholder)
                ))
            }
            let info = try propertyList(title: title, style: style, mainFile: fileNamePlaceholder + "View.swift")
            files.append(ScaffoldFile(destination: .sources, name: folder + "/TemplateInfo.plist", contents: info))
        }
        return files
    }

    /// `TemplateInfo.plist` for one style.
    static func propertyList(title: String, style: ScreenStyle, mainFile: String) throws(ScaffoldError) -> String {
        let summary = style == .triad
            ? "A SwiftUI screen in the triad style: view, view-modeling protocol and view model."
            : "A SwiftUI screen in the responder style: view and an action-sending view model."
        let info: [String: Any] = [
            "Kind": "Xcode.IDEFoundation.TextSubstitutionFileTemplateKind",
            "Description": summary,
            "Summary": summary,
            "SortOrder": "1",
            "AllowedTypes": ["public.swift-source"],
            "DefaultCompletionName": "Screen",
            "MainTemplateFile": mainFile,
            "Platforms": [String](),
            "Options": [[
                "Identifier": "productName",
                "Required": true,
                "Name": "Screen name:",
                "Description": "The screen's name, without View or ViewModel (for example Login).",
                "Type": "text",
                "NotPersisted": true,
                "Default": "Screen",
            ] as [String: Any]],
        ]
        do {
            let data = try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0)
            return String(decoding: data, as: UTF8.self)
        } catch {
            throw .writeFailed("TemplateInfo.plist", reason: String(describing: error))
        }
    }
}
