"""The REPL's own meta-commands: :help, :vars, :reset, :load, :save, :lang and :quit (the
table is repl/command_table.py; graph_commands.py adds :graph, :explain and :info)."""
from __future__ import annotations

import os

from rich.console import Group
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from .. import __version__, i18n
from ..interpret import builtins as B
from ..interpret import modules
from ..render import layout
from ..render.variables import variables_table
from . import command_table
from .command_table import CommandError, Quit, register, required


# ---- the built-in commands --------------------------------------------------------------------
def help_command(session, argument: str) -> None:
    if argument.startswith(":"):
        session.renderer.print(command_help(argument[1:]))
        return
    if argument:
        session.describe(argument)
        return
    columns = session.renderer.width
    parts = [Text(i18n.t("repl.help.language.title"), "help.heading"),
             _paragraph(i18n.t("repl.help.language"), columns, 2),
             Text("\n" + i18n.t("repl.help.builtins.title"), "help.heading")]
    for key, names in builtin_groups():
        parts.append(_indented(Text.assemble((i18n.t(key), "help.command"), " ",
                                             ", ".join(names))))
    parts.append(Text("\n" + i18n.t("repl.help.commands.title"), "help.heading"))
    table = Table.grid(padding=(0, 2))
    usages = {name: f":{c.name} {c.usage}".rstrip() for name, c in command_table.COMMANDS.items()}
    # what each does, broken as prose is (rich would cut a long run of Chinese with "…")
    room = None if columns is None else \
        max(10, columns - 2 - max(map(layout.width, usages.values())) - 2)
    for name, command in command_table.COMMANDS.items():
        table.add_row(Text(usages[name], "help.command"),
                      _paragraph(i18n.t(command.help), room, 0))
    parts.append(_indented(table))
    parts.append(Text("\n" + _paragraph(i18n.t("repl.help.keys"), columns, 0).plain,
                      "repl.note"))
    session.renderer.print(Group(*parts))   # one piece, so that the pager takes it whole


def command_help(name: str) -> Text:
    """`:help :graph`: the meta-command's usage and what it does."""
    command = command_table.COMMANDS.get(name)
    if command is None:
        raise CommandError(i18n.t("repl.unknown_command", name=name))
    usage = f":{command.name} {command.usage}".rstrip()
    return Text.assemble((usage, "help.command"), "\n    " + i18n.t(command.help))


def _paragraph(text: str, columns: int | None, indent: int) -> Text:
    """Prose broken between words (Chinese between characters), never inside an English word
    or a piece of code, as rich alone would break a long run of Chinese."""
    lines = layout.prose([[("", " " * indent + text)]], columns, hang=0)
    return Text(layout.plain(lines).rstrip("\n"))


def _indented(renderable) -> Padding:
    return Padding(renderable, (0, 0, 0, 2), expand=False)


def builtin_groups() -> list[tuple[str, list[str]]]:
    """The names a program starts with, grouped as :help lists them (i18n key, names)."""
    torch = [n for n, v in B.torch.entries.items() if not isinstance(v, B.Namespace)]
    python = list(B.PYTHON) + ["print"]
    groups = [("repl.help.builtins.torch", sorted(torch)),
              ("repl.help.builtins.functional", sorted(B.functional.entries)),
              ("repl.help.builtins.python", sorted(python)),
              ("repl.help.builtins.other", ["torch", "F", "grad", "backward", "_"]),
              ("repl.help.builtins.modules", sorted(modules.MODULES))]
    return [(key, names) for key, names in groups if names]


def vars_command(session, argument: str) -> None:
    variables = session.interpreter.globals
    if not variables:
        session.renderer.note(i18n.t("repl.no_vars"))
        return
    session.renderer.print(variables_table(variables))


def reset_command(session, argument: str) -> None:
    session.reset()
    session.renderer.note(i18n.t("repl.reset"))


def load_command(session, argument: str) -> None:
    path = os.path.expanduser(required(argument, "load"))
    try:
        session.load(path)
    except OSError as e:
        raise CommandError(i18n.t("repl.cannot_read", path=path, reason=e.strerror)) from None


def save_command(session, argument: str) -> None:
    path = os.path.expanduser(required(argument, "save"))
    try:
        session.save(path)
    except OSError as e:
        raise CommandError(i18n.t("repl.cannot_write", path=path, reason=e.strerror)) from None
    session.renderer.note(i18n.t("repl.saved", count=len(session.inputs), path=path))


def quit_command(session, argument: str) -> None:
    raise Quit()


def lang_command(session, argument: str) -> None:
    if argument:
        try:
            i18n.set_language(argument)
        except ValueError:
            raise CommandError(i18n.t("repl.unknown_language", lang=argument,
                                      choices=", ".join(i18n.LANGUAGES))) from None
    session.renderer.note(i18n.t("repl.language"))


register("help", help_command, "cmd.help", usage="[NAME]")
register("vars", vars_command, "cmd.vars")
register("reset", reset_command, "cmd.reset")
register("load", load_command, "cmd.load", usage="FILE")
register("save", save_command, "cmd.save", usage="FILE")
register("lang", lang_command, "cmd.lang", usage="en|zh")
register("quit", quit_command, "cmd.quit")

i18n.register({
    "en": {
        "cmd.help": "this help: the language, the builtins, the meta-commands; :help NAME "
                    "(or NAME?) describes one name, :help :COMMAND one meta-command",
        "cmd.vars": "the variables: name, shape, dtype, requires_grad, is_leaf, grad_fn",
        "cmd.reset": "forget every variable and start afresh",
        "cmd.load": "run a file into this session (only print writes)",
        "cmd.save": "write what ran in this session as a script for `gradcli run`",
        "cmd.lang": "the language of gradcli's own words (PyTorch's stay English)",
        "cmd.quit": "leave (Ctrl-D does too)",
        "repl.banner": f"gradcli {__version__}: autograd you can talk to. :help for help, "
                       "Ctrl-D to leave.",
        "repl.unknown_command": "unknown command :{name} (:help lists them)",
        "repl.needs_argument": ":{name} needs {usage}",
        "repl.cannot_read": "cannot read {path}: {reason}",
        "repl.cannot_write": "cannot write {path}: {reason}",
        "repl.saved": "{count} inputs saved to {path}",
        "repl.reset": "every variable forgotten",
        "repl.no_vars": "no variables yet",
        "repl.language": "gradcli speaks English",
        "repl.unknown_language": "unknown language {lang}: choose {choices}",
        "repl.help.language.title": "The language",
        "repl.help.language":
            "Python: assignments, if/elif/else, for, while, with, def (*args, **kwargs, "
            "keyword-only), lambda, class (inheritance, super(), decorators), try/except/finally, "
            "raise, assert, del, global/nonlocal, generators, comprehensions, f-strings. torch "
            "and F (torch.nn.functional) are predefined, the modules below can be imported, and "
            "every torch.<name> also works bare (ones, mean, exp); the flag grad means "
            "requires_grad=True in factories (ones(2, 2, grad)); backward(t) is t.backward(). "
            "An expression's value is shown and _ holds the last one. A block (for, with, def, "
            "...) ends with an empty line; an open bracket continues the input.",
        "repl.help.builtins.title": "Builtins",
        "repl.help.builtins.torch": "torch.<name>, also bare:",
        "repl.help.builtins.functional": "F.<name> (torch.nn.functional):",
        "repl.help.builtins.python": "Python:",
        "repl.help.builtins.other": "and:",
        "repl.help.builtins.modules": "import:",
        "repl.help.commands.title": "Meta-commands",
        "repl.help.keys": "Tab completes; Right arrow takes the suggestion from history; Up and "
                          "Down walk the history; F3 turns paste mode on and off (Enter only "
                          "opens a line until F3 again); Ctrl-C clears the input or stops a "
                          "running program; Ctrl-D leaves. Output taller than the terminal "
                          "goes through $PAGER (less).",
    },
    "zh": {
        "cmd.help": "本帮助：语言、内置名称、元命令；:help 名称（或 名称?）介绍一个名称，"
                    ":help :命令 介绍一个元命令",
        "cmd.vars": "变量列表：名称、形状、dtype、requires_grad、is_leaf、grad_fn",
        "cmd.reset": "清除所有变量，重新开始",
        "cmd.load": "在本会话中运行一个文件（只有 print 会输出）",
        "cmd.save": "把本会话中运行过的输入保存为可用 `gradcli run` 运行的脚本",
        "cmd.lang": "gradcli 自身提示所用的语言（PyTorch 的信息保持英文）",
        "cmd.quit": "退出（也可按 Ctrl-D）",
        "repl.banner": f"gradcli {__version__}：可以对话的自动求导。输入 :help 查看帮助，"
                       "Ctrl-D 退出。",
        "repl.unknown_command": "未知命令 :{name}（:help 列出所有命令）",
        "repl.needs_argument": ":{name} 需要参数 {usage}",
        "repl.cannot_read": "无法读取 {path}：{reason}",
        "repl.cannot_write": "无法写入 {path}：{reason}",
        "repl.saved": "已将 {count} 条输入保存到 {path}",
        "repl.reset": "所有变量已清除",
        "repl.no_vars": "还没有变量",
        "repl.language": "gradcli 现在使用中文",
        "repl.unknown_language": "未知语言 {lang}：可选 {choices}",
        "repl.help.language.title": "语言",
        "repl.help.language":
            "Python：赋值、if/elif/else、for、while、with、def（*args、**kwargs、仅限关键字参数）、"
            "lambda、class（继承、super()、装饰器）、try/except/finally、raise、assert、del、"
            "global/nonlocal、生成器、推导式、f-string。torch 与 F（torch.nn.functional）已预先"
            "定义，下面列出的模块可以导入，每个 torch.<name> 也可以直接使用（ones、mean、exp）；"
            "在工厂函数中，标志 grad 表示 requires_grad=True（ones(2, 2, grad)）；backward(t) 即 "
            "t.backward()。表达式的值会显示出来，_ 保存最近一个值。代码块（for、with、def 等）以"
            "空行结束；未闭合的括号会继续输入。",
        "repl.help.builtins.title": "内置名称",
        "repl.help.builtins.torch": "torch.<name>，也可直接使用：",
        "repl.help.builtins.functional": "F.<name>（torch.nn.functional）：",
        "repl.help.builtins.python": "Python：",
        "repl.help.builtins.other": "以及：",
        "repl.help.builtins.modules": "可导入（import）：",
        "repl.help.commands.title": "元命令",
        "repl.help.keys": "Tab 补全；右方向键采用历史建议；上下方向键浏览历史；F3 开关粘贴模式"
                          "（再按 F3 之前，回车只换行）；Ctrl-C 清除输入或中止正在运行的程序；"
                          "Ctrl-D 退出。比终端更高的输出交给 $PAGER（less）显示。",
    },
})
