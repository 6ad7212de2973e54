import SwiftSyntax
import SwiftParser
import Yams
