import Foundation
import MVVMScaffold
import Testing

struct XcodeTemplateTests {
    @Test func eachTemplateHasAPropertyListAskingForTheScreenName() throws {
        let files = try XcodeTemplate.files()
        let lists = files.filter { $0.name.hasSuffix("/TemplateInfo.plist") }
        #expect(lists.map(\.name).sorted() == [
            "MVVM Responder Screen.xctemplate/TemplateInfo.plist",
            "MVVM Triad Screen.xctemplate/TemplateInfo.plist",
        ])
        for list in lists {
            let plist = try PropertyListSerialization.propertyList(from: Data(list.contents.utf8), format: nil)
            let info = try #require(plist as? [String: Any])
            #expect(info["Kind"] as? String == "Xcode.IDEFoundation.TextSubstitutionFileTemplateKind")
            #expect(info["MainTemplateFile"] as? String == "___FILEBASENAME___View.swift")
            #expect(info["AllowedTypes"] as? [String] == ["public.swift-source"])
            let options = try #require(info["Options"] as? [[String: Any]])
            #expect(options.count == 1)
            #expect(options.first?["Identifier"] as? String == "productName")
            #expect(options.first?["Type"] as? String == "text")
            #expect(options.first?["Required"] as? Bool == true)
        }
    }

    @Test func everyTemplateFileUsesXcodesPlaceholdersAndNoneOfOurs() throws {
        let swiftFiles = try XcodeTemplate.files().filter { $0.name.hasSuffix(".swift") }
        #expect(swiftFiles.map(\.name).sorted() == [
            "MVVM Responder Screen.xctemplate/___FILEBASENAME___View.swift",
            "MVVM Responder Screen.xctemplate/___FILEBASENAME___ViewModel.swift",
            "MVVM Triad Screen.xctemplate/___FILEBASENAME___View.swift",
            "MVVM Triad Screen.xctemplate/___FILEBASENAME___ViewModel.swift",
            "MVVM Triad Screen.xctemplate/___FILEBASENAME___ViewModeling.swift",
        ])
        for file in swiftFiles {
            #expect(file.contents.hasPrefix("//___FILEHEADER___\n\n"), "\(file.name)")
            #expect(file.contents.contains("___VARIABLE_productName:identifier___ViewModel"), "\(file.name)")
            #expect(!file.contents.contains("{{"), "\(file.name) still has a placeholder of mvvm new")
        }
    }

    @Test func theTemplatesMatchWhatMvvmNewWrites() throws {
        // Same source: substituting a name into the Xcode text gives mvvm new's text.
        let xcode = try XcodeTemplate.files().first { $0.name == "MVVM Triad Screen.xctemplate/___FILEBASENAME___ViewModel.swift" }
        let new = try ScreenScaffold(style: .triad).files(name: ScreenName("Profile"), module: "App").first { $0.name == "ProfileViewModel.swift" }
        let substituted = try #require(xcode).contents
            .replacingOccurrences(of: "//___FILEHEADER___\n\n", with: "")
            .replacingOccurrences(of: XcodeTemplate.namePlaceholder, with: "Profile")
        #expect(substituted == (try #require(new)).contents)
    }
}
