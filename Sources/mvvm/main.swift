import MVVMCommandLine
import MVVMLint

MVVMTool.main(rules: .builtIn)
