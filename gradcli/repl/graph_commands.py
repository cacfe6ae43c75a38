"""Meta-commands that look into the graph: :graph, :explain and :info EXPRESSION."""
from __future__ import annotations

from rich.text import Text

from .. import i18n
from ..engine.tensor import Tensor
from ..errors import GradcliError
from ..render.explain import explain_renderable
from ..render.graph import Names, graph_renderable
from ..render.info import info_text
from ..tools import need_tensor
from .command_table import CommandError, register, required


def _value(session, argument: str, name: str):
    try:
        return session.interpreter.evaluate(required(argument, name))
    except GradcliError as e:
        raise CommandError(e.headline) from None


def _tensor(session, argument: str, name: str) -> Tensor:
    value = _value(session, argument, name)
    try:
        need_tensor(name, value)
    except TypeError as e:
        raise CommandError(str(e)) from None
    return value


def graph_command(session, argument: str) -> None:
    t = _tensor(session, argument, "graph")
    session.renderer.print(graph_renderable(t, Names(session.interpreter.globals),
                                            session.renderer.width))


def explain_command(session, argument: str) -> None:
    t = _tensor(session, argument, "explain")
    session.renderer.print(explain_renderable(t, Names(session.interpreter.globals), None,
                                              session.renderer.width))


def info_command(session, argument: str) -> None:
    value = _value(session, argument, "info")
    session.renderer.print(Text(info_text(value, session.interpreter).rstrip("\n")))


register("graph", graph_command, "cmd.graph", usage="TENSOR")
register("explain", explain_command, "cmd.explain", usage="TENSOR")
register("info", info_command, "cmd.info", usage="NAME")

i18n.register({
    "en": {
        "cmd.graph": "draw the backward graph of a tensor, from the tape that computed it",
        "cmd.explain": "narrate the backward pass of a tensor node by node (a dry run)",
        "cmd.info": "what a tensor is: shape, dtype, grad state, version, shared storage, savers",
    },
    "zh": {
        "cmd.graph": "画出张量的反向传播图（取自计算它的同一条记录）",
        "cmd.explain": "逐个节点讲解张量的反向传播（只演示，不改变任何梯度）",
        "cmd.info": "张量的详情：形状、dtype、梯度状态、版本号、共享存储、保存它的节点",
    },
})
