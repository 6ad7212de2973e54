extension ProjectIndex {
    /// Every declaration and extension of each type, in file order, held in one array of places
    /// in the files' facts.
    ///
    /// A dictionary of arrays of copied facts gave each type an allocation of its own, grown by
    /// appending: the largest part of the index, which lives until the run ends and grows with
    /// the files. Here a type costs a slot of four bytes, its first declaration's place and its
    /// kind, and a declaration eight bytes.
    struct DeclarationTable: Sendable, Sequence {
        /// Each declared type's number in `origins`, by the hash of its key, open addressed;
        /// -1 marks an empty slot. A dictionary from key to number held each key (a module and a
        /// name, 24 bytes) in a table of twice the room it needed: the largest part of the index.
        private var slots: [Int32] = []
        /// Where each declared type's first declaration is, by number: its key is read from there.
        private var origins: [Place] = []
        /// Each file's module.
        private var fileModules: [Int32] = []
        /// Where each type's declarations start in `places`; one more entry marks the end.
        private var starts: [Int32] = [0]
        /// Each declaration as the file and the type fact it is in: the facts are kept until the
        /// run ends anyway, and a copy of each fact here was the largest part of the index.
        private var places: [Place] = []
        private var files: [FileFacts] = []
        /// What each type is declared as: its first declaration that is not an extension.
        private var kinds: [TypeFact.Kind] = []
        /// The nested types (a qualified name other than the simple name) by module and simple
        /// name: a slot, open addressed by the hash of the two, holds the number of the first
        /// such type, and `nextNested` leads from each to the next of the same module and simple
        /// name, in the order their first declarations come; -1 marks an empty slot and a
        /// chain's end. A dictionary of the qualified names by module and simple name was the
        /// index's largest table at monorepo size (12.6 MB at 95,000 files).
        private var nestedHeads: [Int32] = []
        private var nextNested: [Int32] = []

        struct Place {
            var file: Int32
            var type: Int32
        }

        init() {}

        /// The types `files` declare (not only extend), each numbered in the order its first
        /// declaration comes and known by what that declaration is; the `file`th file's types
        /// are in the module `module(file)`. Where they are declared is filled in by
        /// ``place(jobs:key:)``, once extensions can be resolved against these types: until
        /// then every type reads as having no declarations, and only ``kind(of:)`` answers.
        init(declaredIn files: [FileFacts], module: (_ file: Int) -> Int) {
            self.files = files
            fileModules = files.indices.map { Int32(module($0)) }
            let declared = files.reduce(0) { count, file in count + file.types.count { $0.kind != .extension } }
            // At most two thirds full: a look-up then meets few other keys on its way.
            var capacity = 16
            while capacity * 2 < declared * 3 {
                capacity *= 2
            }
            slots = Array(repeating: -1, count: capacity)
            // One room per declaration is about one per type: nothing here is grown.
            origins.reserveCapacity(declared)
            kinds.reserveCapacity(declared)
            for (fileNumber, file) in files.enumerated() {
                for (typeNumber, type) in file.types.enumerated() where type.kind != .extension {
                    let key = TypeKey(module: Int(fileModules[fileNumber]), name: type.qualifiedName)
                    let slot = slot(of: key)
                    if slots[slot] < 0 {
                        slots[slot] = Int32(origins.count)
                        origins.append(Place(file: Int32(fileNumber), type: Int32(typeNumber)))
                        kinds.append(type.kind)
                    }
                }
            }
            chainNestedTypes()
        }

        /// Whether the type numbered `number` is nested: its qualified name is not its name.
        private func isNested(_ number: Int) -> Bool {
            qualifiedName(number) != name(number)
        }

        // The names are read where the first declaration is, not from a copy of its fact: a copy
        // retains and releases each of its references, on the index's most frequent path.

        /// The qualified name of the type numbered `number`.
        private func qualifiedName(_ number: Int) -> String {
            let origin = origins[number]
            return files[Int(origin.file)].types[Int(origin.type)].qualifiedName
        }

        /// The simple name of the type numbered `number`.
        private func name(_ number: Int) -> String {
            let origin = origins[number]
            return files[Int(origin.file)].types[Int(origin.type)].name
        }

        private mutating func chainNestedTypes() {
            let nested = origins.indices.filter(isNested)
            guard !nested.isEmpty else { return }
            var capacity = 16
            while capacity * 2 < nested.count * 3 {
                capacity *= 2
            }
            nestedHeads = Array(repeating: -1, count: capacity)
            nextNested = Array(repeating: -1, count: origins.count)
            // The last first, each put at the head of its chain: the chains read in declaration order.
            for number in nested.reversed() {
                let slot = nestedSlot(name(number), in: Int(fileModules[Int(origins[number].file)]))
                nextNested[number] = nestedHeads[slot]
                nestedHeads[slot] = Int32(number)
            }
        }

        /// The slot whose chain holds the nested types of `module` named `name`, or the empty
        /// slot where it would start.
        private func nestedSlot(_ name: String, in module: Int) -> Int {
            let mask = nestedHeads.count - 1
            var slot = TypeKey(module: module, name: name).hashValue & mask
            while true {
                let number = Int(nestedHeads[slot])
                if number < 0 || Int(fileModules[Int(origins[number].file)]) == module && self.name(number) == name {
                    return slot
                }
                slot = (slot + 1) & mask
            }
        }

        /// The qualified names of the nested types `module` declares with the simple name
        /// `name`, each once, in the order their first declarations come.
        func nestedNames(_ name: String, in module: Int) -> [String] {
            guard !nestedHeads.isEmpty else { return [] }
            var number = nestedHeads[nestedSlot(name, in: module)]
            var names: [String] = []
            while number >= 0 {
                names.append(qualifiedName(Int(number)))
                number = nextNested[Int(number)]
            }
            return names
        }

        /// Whether `module` declares a nested type whose qualified name is `qualifiedName` and
        /// whose simple name is `simpleName`. Found by its key: the qualified name settles the
        /// simple name, so the chain of every type of that simple name is not walked.
        func declaresNested(_ qualifiedName: String, simpleName: String, in module: Int) -> Bool {
            guard let number = number(of: TypeKey(module: module, name: qualifiedName)).map(Int.init) else { return false }
            return isNested(number) && name(number) == simpleName
        }

        /// The simple names of the nested types, one for each type, in the order their first
        /// declarations come.
        var nestedSimpleNames: some Sequence<String> {
            origins.indices.lazy.filter(isNested).map(name)
        }

        /// The slot that holds `key`'s number, or the empty slot where it would go.
        private func slot(of key: TypeKey) -> Int {
            let mask = slots.count - 1
            var slot = key.hashValue & mask
            while true {
                let number = slots[slot]
                if number < 0 || isKey(key, of: Int(number)) {
                    return slot
                }
                slot = (slot + 1) & mask
            }
        }

        /// The number of the declared type `key`, if a file declares it.
        private func number(of key: TypeKey) -> Int32? {
            guard !slots.isEmpty else { return nil }
            let number = slots[slot(of: key)]
            return number < 0 ? nil : number
        }

        /// Whether `key` is the type numbered `number`'s, compared where its first declaration is.
        private func isKey(_ key: TypeKey, of number: Int) -> Bool {
            Int(fileModules[Int(origins[number].file)]) == key.module && qualifiedName(number) == key.name
        }

        /// The key of the type numbered `number`, read from its first declaration.
        private func key(_ number: Int) -> TypeKey {
            TypeKey(module: Int(fileModules[Int(origins[number].file)]), name: qualifiedName(number))
        }

        /// Places every declaration and extension of `files`, in file order, `key(file, type)`
        /// saying which type the `type`th fact of the `file`th file declares or extends (`nil`:
        /// an extension of no known type, left out; a declaration's key is the one
        /// ``init(declaredIn:module:)`` gave it). The keys are found for a block of files at
        /// a time on up to `jobs` threads, and only each fact's number is kept: every fact's key
        /// at once was the index's peak.
        mutating func place(jobs: Int, key: @escaping @Sendable (_ file: Int, _ type: Int) -> TypeKey?) {
            let files = files
            // Each type's count, then where its room starts, then where its room is filled to:
            // one array for the three, as the index is largest while this runs.
            var bounds = [Int32](repeating: 0, count: kinds.count + 1)
            // Each type fact's number, file after file; -1 where the fact has no key.
            var numbered: [Int32] = []
            numbered.reserveCapacity(files.reduce(0) { $0 + $1.types.count })
            sharedMap(files.indices, jobs: jobs, { file in files[file].types.indices.map { key(file, $0) } }) { _, keys in
                for fileKeys in keys {
                    for key in fileKeys {
                        // A key is a declared type's: extensions resolve only to declared types.
                        guard let key, let number = number(of: key) else {
                            assert(key == nil, "a key no declaration numbered")
                            numbered.append(-1)
                            continue
                        }
                        bounds[Int(number) + 1] += 1
                        numbered.append(number)
                    }
                }
            }
            for position in bounds.indices.dropFirst() {
                bounds[position] += bounds[position - 1]
            }
            let total = Int(bounds[bounds.count - 1])
            places = Array(exactCount: total) { buffer, count in
                // Each type's room is filled in file order, its bound moving to the room's end.
                var position = 0
                for (fileNumber, file) in files.enumerated() {
                    for typeNumber in file.types.indices {
                        let number = Int(numbered[position])
                        position += 1
                        guard number >= 0 else { continue }
                        buffer.initializeElement(at: Int(bounds[number]), to: Place(file: Int32(fileNumber), type: Int32(typeNumber)))
                        bounds[number] += 1
                        count += 1
                    }
                }
                // The counts came from these same numbers, so every slot was written once.
                precondition(count == total)
            }
            // Each bound is now where the next type's room starts: moved up by one, they are the starts.
            for position in bounds.indices.dropFirst().reversed() {
                bounds[position] = bounds[position - 1]
            }
            bounds[0] = 0
            starts = bounds
        }

        /// The declarations of `key`, in file order; none when no file declares or extends it.
        subscript(key: TypeKey) -> Declarations {
            number(of: key).map(declarations) ?? Declarations(files: files, places: [])
        }

        /// What `key` is declared as; `nil` when no file declares it.
        func kind(of key: TypeKey) -> TypeFact.Kind? {
            number(of: key).map { kinds[Int($0)] }
        }

        /// Every declared type, in the order its first declaration comes.
        var keys: some Sequence<TypeKey> { kinds.indices.lazy.map(key) }

        private func declarations(_ number: Int32) -> Declarations {
            // Until ``place(jobs:key:)`` has run, no type has declarations.
            guard Int(number) + 1 < starts.count else { return Declarations(files: files, places: []) }
            return Declarations(files: files, places: places[Int(starts[Int(number)])..<Int(starts[Int(number) + 1])])
        }

        /// Each type with its declarations, in the order its first declaration comes.
        func makeIterator() -> some IteratorProtocol<(key: TypeKey, value: Declarations)> {
            kinds.indices.lazy.map { (key: key($0), value: declarations(Int32($0))) }.makeIterator()
        }
    }

    /// The declarations of one type, each read from its file's facts when asked for.
    struct Declarations: RandomAccessCollection {
        fileprivate let files: [FileFacts]
        fileprivate let places: ArraySlice<DeclarationTable.Place>

        var startIndex: Int { places.startIndex }
        var endIndex: Int { places.endIndex }

        subscript(position: Int) -> Declaration {
            let place = places[position]
            let file = files[Int(place.file)]
            return Declaration(fact: file.types[Int(place.type)], path: file.path)
        }
    }
}
