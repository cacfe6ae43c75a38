"""string.<name>: sets of characters as strings, and capwords."""

PREFIX = "string"

SUMMARIES = {
    "ascii_letters": ("'abc…xyzABC…XYZ': every ASCII letter.", "'abc…xyzABC…XYZ'：所有 ASCII 字母。"),
    "ascii_lowercase": ("'abcdefghijklmnopqrstuvwxyz'.", "'abcdefghijklmnopqrstuvwxyz'（小写字母）。"),
    "ascii_uppercase": ("'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.", "'ABCDEFGHIJKLMNOPQRSTUVWXYZ'（大写字母）。"),
    "digits": ("'0123456789'.", "'0123456789'（数字）。"),
    "hexdigits": ("'0123456789abcdefABCDEF': the hexadecimal digits.",
                  "'0123456789abcdefABCDEF'：十六进制数字。"),
    "octdigits": ("'01234567': the octal digits.", "'01234567'：八进制数字。"),
    "punctuation": ("The ASCII punctuation characters: !\"#$%&'()*+,-./ and so on.",
                    "ASCII 标点字符：!\"#$%&'()*+,-./ 等。"),
    "printable": ("Digits, letters, punctuation and whitespace.", "数字、字母、标点和空白字符。"),
    "whitespace": ("Space, tab, newline and the other ASCII whitespace.",
                   "空格、制表符、换行及其他 ASCII 空白字符。"),
    "capwords": ("The words of a string, each with a capital first letter.", "把字符串中每个单词的首字母大写。"),
}
