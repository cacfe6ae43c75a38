"""os.<name>: the program's own environment and the in-memory files of its run (no real file,
no process, no system call)."""

PREFIX = "os"

SUMMARIES = {
    "environ": ("The environment variables, the program's own copy (changes stay in it).",
                "环境变量，程序自己的副本（修改只留在其中）。"),
    "getenv": ("An environment variable, or the default when it is not set.",
               "一个环境变量，未设置时返回默认值。"),
    "name": ("The kind of operating system: 'posix' here.", "操作系统的种类：这里是 'posix'。"),
    "sep": ("The separator of directories in a path: '/'.", "路径中目录的分隔符：'/'。"),
    "altsep": ("Another separator of paths: None on POSIX.", "路径的另一种分隔符：POSIX 上为 None。"),
    "extsep": ("What separates a file name from its extension: '.'.", "文件名与扩展名之间的分隔符：'.'。"),
    "pathsep": ("What separates the paths of a list like PATH: ':'.", "PATH 这类路径列表的分隔符：':'。"),
    "linesep": ("The end of a line in text files: '\\n'.", "文本文件中的行结束符：'\\n'。"),
    "curdir": ("The name of the current directory: '.'.", "当前目录的名称：'.'。"),
    "pardir": ("The name of the parent directory: '..'.", "上一级目录的名称：'..'。"),
    "defpath": ("The search path used when PATH is not set.", "未设置 PATH 时的默认搜索路径。"),
    "devnull": ("The path of the null device: '/dev/null'.", "空设备的路径：'/dev/null'。"),
    "getcwd": ("The current working directory, as a string.", "当前工作目录（字符串）。"),
    "cpu_count": ("The number of CPUs of the machine.", "机器的 CPU 数量。"),
    "mkdir": ("Make a directory (its parent must exist).", "创建一个目录（其上级目录必须存在）。"),
    "makedirs": ("Make a directory and any missing parents (exist_ok=True: no error if it is "
                 "there).",
                 "创建目录及缺少的上级目录（exist_ok=True：已存在时不报错）。"),
    "listdir": ("The names of the entries in a directory.", "目录中各项的名称。"),
    "remove": ("Delete a file.", "删除一个文件。"),
    "unlink": ("Delete a file (the same as remove).", "删除一个文件（与 remove 相同）。"),
    "rmdir": ("Delete an empty directory.", "删除一个空目录。"),
    "rename": ("Give a file or directory a new path.", "给文件或目录换一个路径。"),
    "replace": ("Rename, replacing the destination if it exists.", "重命名，目标已存在时将其替换。"),
}
