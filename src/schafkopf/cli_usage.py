"""The command line's usage errors in the command's language.

typer finds some errors before a command runs: an unknown option or command, a missing
argument, a value that is no number (``--deals abc``), an argument too many. It would say them
in English in a box; here they are said as the command's own errors are, in German or English:
the language of ``--lang`` where the command line has one (``--lang de``, ``--lang=de``), else
the locale's (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as the commands read it), else the
command's own default (German for ``play``, English for the others). Each error becomes a
reason and parameters (:func:`usage_reason`), worded by
:func:`schafkopf.tui.error_texts.usage_error_text`; the usage line (``Aufruf:``/``Usage:``)
and the hint to ``--help`` stand above it, and the exit status stays 2.

:class:`WordedUsageGroup` is the ``schafkopf`` app's typer group, so the console script,
``python -m schafkopf`` and typer's ``CliRunner`` all say them so.
"""

from __future__ import annotations

import ast
import importlib
import re
from collections.abc import Sequence
from difflib import get_close_matches
from typing import Any, Final, NoReturn

import typer
from typer.core import TyperGroup

_CLICK: Final[Any] = importlib.import_module(typer.BadParameter.__module__)
"""click's exceptions as typer raises them: its own copy of click, or click itself."""

UsageError: Final[Any] = _CLICK.UsageError

_NO_ARGS_IS_HELP: Final[Any] = getattr(_CLICK, "NoArgsIsHelpError", ())
"""The 'error' of a group called bare: it shows the help, which is left as typer shows it."""

_ARGV: Final = "schafkopf.argv"
"""The key of the command line in the context's ``meta``."""

DEFAULT_LANGUAGE: Final = {"play": "de"}
"""A command's language where neither --lang nor the locale says one (as the command itself
does: see ``_language`` in :mod:`schafkopf.cli`); any other command: English."""

_PYDANTIC_REASONS: Final = {
    "int_parsing": "cli_not_whole",
    "int_from_float": "cli_not_whole",
    "float_parsing": "cli_not_number",
    "bool_parsing": "cli_not_bool",
    "greater_than_equal": "cli_at_least",
    "less_than_equal": "cli_at_most",
    "greater_than": "cli_above",
    "less_than": "cli_below",
}
"""typer's reasons for a value it cannot take (pydantic's error types), as reasons here."""

_BOUNDS: Final = {"ge": "low", "gt": "low", "le": "high", "lt": "high"}

_NO_SUCH_COMMAND = re.compile(r"No such command (?P<name>'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")")
_EXTRA_ARGUMENTS = re.compile(r"Got unexpected extra arguments?(?:\(s\))? \((?P<args>.*)\)")
_MISSING_COMMAND = re.compile(r"Missing command\.?")


def argv_language(args: Sequence[str]) -> str | None:
    """The language a command line asks for with ``--lang de`` or ``--lang=de`` (the last one
    given, as typer takes it); None where it has none, or none of the known ones."""
    from schafkopf.tui.texts import LANGS

    found = None
    for i, arg in enumerate(args):
        if arg == "--":  # what follows is arguments, not options
            break
        if arg == "--lang":
            value = args[i + 1] if i + 1 < len(args) else ""
        elif arg.startswith("--lang="):
            value = arg.removeprefix("--lang=")
        else:
            continue
        code = value.strip().lower()
        if code in LANGS:
            found = code
    return found


def usage_language(args: Sequence[str], command: str | None = None) -> str:
    """The language to say a usage error of ``command`` (None: none known yet) in: the command
    line's ``--lang``, else the locale's, else the command's default."""
    from schafkopf.tui.texts import locale_language

    return argv_language(args) or locale_language(DEFAULT_LANGUAGE.get(command or "", "en"))


def usage_reason(error: Any, argv: Sequence[str] = ()) -> tuple[str, dict[str, Any]]:
    """``error`` (a click usage error of the command line ``argv``) as a reason and parameters
    for :func:`schafkopf.tui.error_texts.usage_error_text`; one it does not know is
    ``cli_other`` with typer's English words as ``detail``."""
    ctx = error.ctx
    if isinstance(error, _CLICK.NoSuchOption):
        near = get_close_matches(error.option_name, error.possibilities or [], cutoff=0.7)
        if near:
            return "cli_no_option_near", {"opt": error.option_name, "near": near}
        return "cli_no_option", {"opt": error.option_name}
    if isinstance(error, _CLICK.BadOptionUsage):  # --deals at the end, or --quiet=yes
        # a flag given a value (--help=x) or an option without its value at the end
        param = _option_named(ctx, error.option_name)
        flag = (
            any(a.startswith(f"{error.option_name}=") for a in argv)
            if param is None
            else getattr(param, "is_flag", False)
        )
        return "cli_takes_no_value" if flag else "cli_needs_value", {"opt": error.option_name}
    if isinstance(error, _CLICK.MissingParameter) and error.param is not None:
        if error.param.param_type_name == "argument":
            return "cli_missing_argument", {"argument": _argument_name(error.param)}
        return "cli_missing_option", {"opt": _option_name(error.param)}
    if isinstance(error, _CLICK.BadParameter) and error.param is not None:
        return _bad_value(error)
    found = _NO_SUCH_COMMAND.match(error.message)
    if found is not None:
        name = ast.literal_eval(found["name"])
        commands = _commands(ctx)
        near = get_close_matches(name, commands)
        if near:
            return "cli_no_command_near", {"command": name, "near": near}
        return "cli_no_command", {"command": name, "commands": commands}
    if _MISSING_COMMAND.fullmatch(error.message):
        return "cli_missing_command", {"commands": _commands(ctx)}
    found = _EXTRA_ARGUMENTS.fullmatch(error.message)
    if found is not None:  # typer joins them with spaces: said as one text, as typed
        return "cli_extra_arguments", {"args": [found["args"]]}
    return "cli_other", {"detail": error.format_message()}


def usage_error_report(error: Any, lang: str, argv: Sequence[str] = ()) -> str:
    """What the command says for ``error`` (of the command line ``argv``) in ``lang``: the
    usage line, the hint to ``--help``, an empty line, and the error itself."""
    from schafkopf.tui.error_texts import message, usage_error_text

    reason, params = usage_reason(error, argv)
    lines = []
    ctx = error.ctx
    if ctx is not None:
        formatter = ctx.make_formatter()
        pieces = ctx.command.collect_usage_pieces(ctx)
        formatter.write_usage(
            ctx.command_path, " ".join(pieces), prefix=f"{message('cli_usage', lang)} "
        )
        lines.append(formatter.getvalue().rstrip("\n"))
        if ctx.command.get_help_option(ctx) is not None:
            option = ctx.help_option_names[0]
            lines.append(message("cli_help", lang, command=ctx.command_path, option=option))
        lines.append("")
    lines.append(f"schafkopf: {usage_error_text(reason, params, lang)}")
    return "\n".join(lines)


class WordedUsageGroup(TyperGroup):
    """typer's group, its usage errors said in the command's language (see the module), and
    its help without typer's Python type names where they mislead (:func:`_plain_metavars`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _plain_metavars(self)

    def make_context(
        self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any
    ) -> Any:
        argv = list(args)
        try:
            ctx = super().make_context(info_name, args, parent, **extra)
        except UsageError as e:
            _say(e, argv)
        ctx.meta.setdefault(_ARGV, argv)
        return ctx

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except UsageError as e:
            if e.ctx is None:  # typer's parser says a bad use of an option without one
                e.ctx = _context_of(self, ctx)
            _say(e, ctx.meta.get(_ARGV, []))


def _plain_metavars(group: Any) -> None:
    """A flag shows no ``<bool>`` (it takes no value) and a repeatable option ``<str>``, not
    ``<list[str]>``, in every command's help (typer names the Python type); ``--help`` and
    ``--version`` too, which typer makes as the help is asked for."""
    for command in [group, *group.commands.values()]:
        if command is not group and hasattr(command, "commands"):
            _plain_metavars(command)
            continue
        made = command.get_params

        def plain(ctx: Any, made: Any = made) -> Any:
            params = made(ctx)
            for param in params:
                _plain_metavar(param)
            return params

        command.get_params = plain


def _plain_metavar(param: Any) -> None:
    if param.metavar is not None or getattr(param, "param_type_name", "") != "option":
        return  # an argument's metavar would stand for its name
    if getattr(param, "is_bool_flag", False):
        param.metavar = ""
    elif getattr(param, "multiple", False) or getattr(param, "nargs", 1) == -1:
        shown = param.display_type(None)
        param.metavar = re.sub(r"^<list\[(.*)\]>$", r"<\1>", shown)


def _say(error: Any, argv: Sequence[str]) -> NoReturn:
    """Says ``error`` on standard error and exits 2; the bare group's help is typer's."""
    if isinstance(error, _NO_ARGS_IS_HELP):
        raise error
    lang = usage_language(argv, _command(error.ctx))
    typer.echo(usage_error_report(error, lang, argv), err=True)
    raise typer.Exit(error.exit_code) from None


def _command(ctx: Any) -> str | None:
    """The name of the command ``ctx`` is in (``play`` for ``schafkopf play``); None at the
    top, before a command is known."""
    names = []
    while ctx is not None:
        names.append(ctx.info_name)
        ctx = ctx.parent
    return names[-2] if len(names) > 1 else None


def _context_of(group: TyperGroup, ctx: Any) -> Any:
    """A context of the command ``group`` was invoking in ``ctx`` (for its usage line and
    options), parsed from nothing; None for a group of commands, or where none is to be had."""
    name = ctx.invoked_subcommand
    command = group.get_command(ctx, name) if name else None
    if command is None or hasattr(command, "list_commands"):
        return None
    try:
        return command.make_context(name, [], parent=ctx, resilient_parsing=True)
    except Exception:  # only to word an error better: without it, it is said without a usage
        return None


def _commands(ctx: Any) -> list[str]:
    """The commands of the group ``ctx`` is in, as its help lists them."""
    if ctx is None or not hasattr(ctx.command, "list_commands"):
        return []
    return list(ctx.command.list_commands(ctx))


def _option_named(ctx: Any, name: str) -> Any:
    """The option of ``ctx``'s command that ``name`` (``--quiet``, ``--no-quiet``) sets."""
    if ctx is None:
        return None
    for param in ctx.command.params:
        if name in (*param.opts, *getattr(param, "secondary_opts", ())):
            return param
    return None


def _option_name(param: Any) -> str:
    """An option as its help shows it: ``--deals``, ``--french / --german``."""
    names = [*param.opts, *getattr(param, "secondary_opts", ())]
    return " / ".join(names) if names else str(param.name)


def _argument_name(param: Any) -> str:
    """An argument as its help shows it (``HAND``'s name ``hand``)."""
    return str(getattr(param, "display_name_raw", None) or param.name)


def _bad_value(error: Any) -> tuple[str, dict[str, Any]]:
    """A value typer could not take for an option or argument: why, from pydantic's error
    where typer says it through one (as typer does since it validates with pydantic), else
    typer's English words."""
    param = error.param
    name = _option_name(param) if param.param_type_name == "option" else _argument_name(param)
    cause = error.__cause__
    problems = cause.errors() if hasattr(cause, "errors") else []
    if len(problems) == 1 and problems[0].get("type") in _PYDANTIC_REASONS:
        problem = problems[0]
        params: dict[str, Any] = {"opt": name, "value": problem.get("input")}
        for bound, value in (problem.get("ctx") or {}).items():
            if bound in _BOUNDS:
                params[_BOUNDS[bound]] = value
        return _PYDANTIC_REASONS[problem["type"]], params
    return "cli_bad_value", {"opt": name, "detail": error.message}
