import PathNames
import Testing

@Suite(.timeLimit(.minutes(5))) struct PathNameTests {
    @Test(arguments: [
        ("/tmp/scratch.json", "/tmp", "scratch.json"),
        ("/tmp/lock/", "/tmp", "lock"),
        ("/tmp//lock//", "/tmp", "lock"),
        ("/tmp", "/", "tmp"),
        ("//tmp", "/", "tmp"),
        ("/", "/", "/"),
        ("///", "/", "/"),
        ("scratch.json", ".", "scratch.json"),
        ("out/", ".", "out"),
        ("a/b/c", "a/b", "c"),
        ("./c", ".", "c"),
        ("../c", "..", "c"),
        ("", ".", ""),
        ("/tmp/.hidden", "/tmp", ".hidden"),
        ("/tmp/café ☕︎.json", "/tmp", "café ☕︎.json"),
    ])
    func splitsLikeDirnameAndBasename(path: String, folder: String, last: String) {
        #expect(PathName.folder(of: path) == folder)
        #expect(PathName.lastComponent(of: path) == last)
    }

    @Test func joiningTheFolderAndTheNameNamesTheSameFile() {
        for path in ["/tmp/a", "/tmp/dir/b.json", "rel/c", "/d"] {
            let folder = PathName.folder(of: path)
            let joined = (folder == "/" ? "" : folder) + "/" + PathName.lastComponent(of: path)
            #expect(joined == path)
        }
    }
}
