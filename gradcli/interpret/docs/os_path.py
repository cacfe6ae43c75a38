"""os.path.<name>: paths as strings, and questions about the run's in-memory files."""

from .os import SUMMARIES as OS

PREFIX = "os.path"

SUMMARIES = {
    # the constants are os's own
    **{n: OS[n] for n in ("sep", "altsep", "extsep", "pathsep", "curdir", "pardir", "defpath",
                          "devnull")},
    "join": ("Paths joined with '/' (an absolute part starts over).",
             "用 '/' 连接路径（遇到绝对路径则从它重新开始）。"),
    "basename": ("The last part of a path: the file name.", "路径的最后一部分：文件名。"),
    "dirname": ("The path without its last part: the directory.", "去掉最后一部分的路径：所在目录。"),
    "split": ("(dirname, basename) of a path.", "路径的 (dirname, basename)。"),
    "splitext": ("(root, extension) of a path: 'a/b.txt' gives ('a/b', '.txt').",
                 "路径的 (主干, 扩展名)：'a/b.txt' 得到 ('a/b', '.txt')。"),
    "splitdrive": ("(drive, rest) of a path; the drive is always '' on POSIX.",
                   "路径的 (驱动器, 其余部分)；POSIX 上驱动器总是 ''。"),
    "normpath": ("A path with '.', '..' and repeated '/' resolved.", "消去 '.'、'..' 和重复 '/' 后的路径。"),
    "normcase": ("A path in the case the system compares (unchanged on POSIX).",
                 "按系统比较方式转换大小写的路径（POSIX 上不变）。"),
    "isabs": ("Does the path start at the root?", "路径是否从根目录开始？"),
    "commonprefix": ("The longest common prefix of strings, character by character.",
                     "若干字符串逐字符的最长公共前缀。"),
    "commonpath": ("The longest common directory of several paths.", "若干路径的最长公共目录。"),
    "abspath": ("The path made absolute from the current directory.", "从当前目录出发得到的绝对路径。"),
    "realpath": ("The absolute path (the run's files have no links to follow).",
                 "绝对路径（本次运行的文件没有需要解析的链接）。"),
    "expanduser": ("A leading ~ replaced by $HOME.", "把开头的 ~ 换成 $HOME。"),
    "relpath": ("The path relative to start (the current directory by default).",
                "相对于 start（默认为当前目录）的路径。"),
    "exists": ("Is there a file or directory at this path?", "这个路径上有文件或目录吗？"),
    "isdir": ("Is there a directory at this path?", "这个路径上是目录吗？"),
    "isfile": ("Is there a file at this path?", "这个路径上是文件吗？"),
    "getsize": ("The size of a file, in bytes.", "文件的大小（字节）。"),
}
