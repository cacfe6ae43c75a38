"""sys.<name>: the program's arguments, its output streams, and facts about the Python
gradcli runs on."""

PREFIX = "sys"

SUMMARIES = {
    "argv": ("The program's command line: argv[0] is its file, then its arguments.",
             "程序的命令行：argv[0] 是程序文件，后面是参数。"),
    "path": ("Where Python would look for modules (the program's own list: it changes nothing).",
             "Python 查找模块的路径（程序自己的列表：修改它不影响别处）。"),
    "stdout": ("The standard output: print writes here (sys.stdout.write(text) too).",
               "标准输出：print 写到这里（sys.stdout.write(text) 也是）。"),
    "stderr": ("The standard error stream, for messages apart from the output.",
               "标准错误流，用于与输出分开的消息。"),
    "stdin": ("The standard input: a program reads nothing from it.", "标准输入：程序从中读不到任何内容。"),
    "version": ("The version of Python gradcli runs on, as text.", "gradcli 所运行的 Python 版本（文本）。"),
    "version_info": ("The version of Python as a tuple: (major, minor, micro, …).",
                     "Python 版本的元组：(major, minor, micro, …)。"),
    "hexversion": ("The version of Python as one integer (to compare versions).",
                   "Python 版本编码成的一个整数（用于比较版本）。"),
    "platform": ("The name of the platform: 'linux', 'darwin', 'win32'.",
                 "平台名称：'linux'、'darwin'、'win32'。"),
    "byteorder": ("The order of bytes in the machine's numbers: 'little' or 'big'.",
                  "机器中数的字节顺序：'little' 或 'big'。"),
    "maxsize": ("The largest index of a list: 2**63 - 1 on 64-bit machines.",
                "列表的最大索引：64 位机器上为 2**63 - 1。"),
    "maxunicode": ("The largest Unicode code point: 1114111.", "最大的 Unicode 码位：1114111。"),
    "float_info": ("The limits of a float: max, min, epsilon, dig…", "浮点数的界限：max、min、epsilon、dig…"),
    "int_info": ("How Python stores integers (bits per digit, …).", "Python 存放整数的方式（每位的比特数等）。"),
    "float_repr_style": ("How repr writes floats: 'short' (the shortest text that reads back).",
                         "repr 写浮点数的方式：'short'（能读回原值的最短文本）。"),
    "exit": ("End the program, with a status (0: success) or a message.",
             "结束程序，给出状态（0 表示成功）或一条消息。"),
    "getrecursionlimit": ("The deepest nesting of calls allowed.", "允许的最深调用嵌套。"),
    "setrecursionlimit": ("Set the value getrecursionlimit reports (gradcli keeps its own limit).",
                          "设定 getrecursionlimit 报告的值（gradcli 仍用自己的限制）。"),
    "getdefaultencoding": ("The default encoding of text: 'utf-8'.", "文本的默认编码：'utf-8'。"),
}
