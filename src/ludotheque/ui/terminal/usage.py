"""The command line's own words in the reader's language: help headings and usage errors.

Typer (0.2x) carries its own copy of Click whose words ("Usage:", "Options",
"Show this message and exit.", "No such option", "Missing argument", "Invalid value")
are English f-strings, not gettext calls, so no translation domain can reach them.
What Click offers for this is used instead:

* a `HelpFormatter` subclass (`Context.formatter_class`, set through each command's
  `context_class`) writes the usage prefix, the section headings and the help
  option's line from our catalogs;
* the app runs with `standalone_mode=False`, so usage errors come back as
  exceptions, and `show_usage_error` writes them from their fields (the option, the
  parameter, the invalid value and what was expected), not from their English text.

English keeps Click's own words (but <Path> is written <path>). The language is chosen
before any option is parsed: `--lang` on the command line if it names a language, else
the locale (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`, as gettext reads them):
`help_language`.
"""

from __future__ import annotations

import inspect
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from typer import Abort

from ludotheque.core.errors import echo
from ludotheque.i18n import language_from_environment, normalise_language, t

try:  # typer >= 0.2x carries its own Click
    from typer._click import exceptions as click_errors
    from typer._click.core import Context
    from typer._click.formatting import HelpFormatter
except ImportError:  # pragma: no cover - older typer: Click itself
    from click import exceptions as click_errors  # type: ignore[no-redef]
    from click.core import Context  # type: ignore[no-redef, assignment]
    from click.formatting import HelpFormatter  # type: ignore[no-redef, assignment]


# help text (as Typer keeps it) -> its key, for every text given by `help_text`
_HELP_KEYS: dict[str, str] = {}


def help_text(key: str, lang: str) -> str:
    """A help text in `lang` (the locale's, when the app is built), remembered so that
    `translate_help` can write it again in the language `--lang` asks for. (Typer
    copies help texts through `inspect.cleandoc`, so the text itself is the handle.)"""
    text = t(key, lang)
    _HELP_KEYS[inspect.cleandoc(text)] = key
    return text


def _again(text: str | None, lang: str) -> str | None:
    key = _HELP_KEYS.get(text) if text else None
    return text if key is None else t(key, lang)


def help_language(argv: Sequence[str]) -> str:
    """The language of help and usage errors: `--lang X` / `--lang=X` if X is a
    language, else the locale's (an invalid --lang is reported by the command)."""
    for index, arg in enumerate(argv):
        if arg == "--":
            break
        value = None
        if arg == "--lang" and index + 1 < len(argv):
            value = argv[index + 1]
        elif arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
        if value is not None:
            try:
                return normalise_language(value)
            except ValueError:
                pass
    return language_from_environment()


_SECTIONS = {"Options": "cli.click.options", "Arguments": "cli.click.arguments",
             "Commands": "cli.click.commands"}
_HELP_OPTION = "Show this message and exit."
_DEFAULT = re.compile(r"\[default: ")
_REQUIRED = re.compile(r"(?<=[\[; ])required(?=\])")


def formatter_for(lang: str) -> type[HelpFormatter]:
    """A HelpFormatter writing Click's own words in `lang`."""

    class Formatter(HelpFormatter):
        def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
            args = args.replace("COMMAND [ARGS]...", t("cli.click.command_args", lang))
            super().write_usage(prog, args, t("cli.click.usage", lang) + " "
                                if prefix is None else prefix)

        def section(self, name: str):  # type: ignore[override]
            return super().section(t(_SECTIONS[name], lang) if name in _SECTIONS else name)

        def write_heading(self, heading: str) -> None:
            self.write(f"{'':>{self.current_indent}}"
                       f"{t('cli.click.heading', lang, heading=heading)}\n")

        def write_dl(self, rows: Sequence[tuple[str, str]], *args: Any, **kwargs: Any) -> None:
            super().write_dl([(_METAVAR.sub(lambda m: _metavar(m, lang), term),
                               _help_line(text, lang)) for term, text in rows], *args, **kwargs)

    return Formatter


_METAVAR = re.compile(r"<(int|float|str|path|Path|list\[str\]|list\[Path\])>")
_METAVARS = {"int": "cli.click.metavar.int", "float": "cli.click.metavar.float",
             "str": "cli.click.metavar.text", "list[str]": "cli.click.metavar.text",
             "path": "cli.click.metavar.path", "Path": "cli.click.metavar.path",
             "list[Path]": "cli.click.metavar.path"}


def _metavar(match: re.Match[str], lang: str) -> str:
    """A value's kind after an option (<int>, <path>) in `lang`."""
    return "<" + t(_METAVARS[match[1]], lang) + ">"


def _help_line(text: str, lang: str) -> str:
    if text == _HELP_OPTION:
        return t("cli.click.help_option", lang)
    text = _DEFAULT.sub("[" + t("cli.click.default", lang) + " ", text)
    return _REQUIRED.sub(t("cli.click.required", lang), text)


def translate_help(command: Any, lang: str) -> None:
    """Write the help texts of `command`, its parameters and its subcommands in `lang`,
    and its help pages and usage lines with Click's words in `lang`."""
    command.help = _again(command.help, lang)
    for param in command.params:
        if getattr(param, "help", None):
            param.help = _again(param.help, lang)
        if getattr(param, "metavar", None):  # an argument's name (GAME, JEU)
            param.metavar = _again(param.metavar, lang)
    # English too: a path's kind reads <path> whether its option has a parser or not
    context = type("LocalContext", (command.context_class,),
                   {"formatter_class": formatter_for(lang)})
    command.context_class = context
    for sub in getattr(command, "commands", {}).values():
        translate_help(sub, lang)


class EmptyValue(click_errors.BadParameter):
    """An empty text where something must be named (a usage error): `key`'s words say what
    to give instead."""

    def __init__(self, key: str) -> None:
        self.key = key
        super().__init__(t(key, "en"))


def given_path(text: str) -> Path:
    """The `parser` of every file or folder the command line takes: a path, never an
    empty one (`Path("")` is ".", the current folder, which no one means by it: `report
    --png ''` wrote its plots here); what it names is checked by the command."""
    if not text:
        raise EmptyValue("cli.click.empty_path")
    return Path(text)


def given_host(text: str) -> str:
    """The `parser` of `serve --host`: never empty nor blank (an unset `--host "$HOST"`),
    which asyncio binds to every interface, the opposite of the default (this computer
    alone): the server would be opened to the whole network without a word."""
    if not text.strip():
        raise EmptyValue("cli.click.empty_host")
    return text


class OptionTwice(click_errors.UsageError):
    """An option that takes one value (or a flag) given more than once: Click keeps the
    last and says nothing (`-p 3 -p 4` played 4, `--rotate --no-rotate` did not rotate)."""

    def __init__(self, option: str, ctx: Any) -> None:
        self.option = option
        super().__init__(t("cli.click.option_twice", "en", option=option), ctx)


class OptionsOnce:
    """A command (or group) mixin: an option given twice is a usage error, but for those
    meant to be repeated (`--option`, `--sweep`)."""

    def make_parser(self, ctx: Any) -> Any:
        parser = super().make_parser(ctx)  # type: ignore[misc]
        parse = parser.parse_args

        def parse_args(args: list[str]) -> Any:
            opts, rest, order = parse(args)
            for param in order:
                if getattr(param, "param_type_name", "") == "option" and not param.multiple \
                        and not getattr(param, "count", False) and order.count(param) > 1:
                    raise OptionTwice(" / ".join([*param.opts, *param.secondary_opts]), ctx)
            return opts, rest, order

        parser.parse_args = parse_args
        return parser


def _hint(error: Any) -> str:
    """How the parameter in error is named on the command line ('--games' / '-n')."""
    hint = error.param_hint
    if hint is None and error.param is not None:
        hint = error.param.get_error_hint()
    if hint is not None and not isinstance(hint, str):
        hint = " / ".join(repr(x) for x in hint)
    return hint or ""


def _invalid(error: Any, lang: str) -> str:
    """What was wrong with a value, from the validation error under it."""
    empty = error if isinstance(error, EmptyValue) else error.__cause__
    if isinstance(empty, EmptyValue):
        return t(empty.key, lang)
    cause = error.__cause__
    errors = cause.errors() if cause is not None and hasattr(cause, "errors") else []
    if errors:
        first = errors[0]
        kind = first.get("type", "")
        value = echo(first.get("input"))  # cut, its control characters shown
        if kind in ("int_parsing", "int_type", "int_from_float"):
            return t("cli.click.expected_int", lang, value=value)
        if kind == "int_parsing_size":  # over Python's 4,300 digits
            return t("cli.click.too_many_digits", lang, value=value)
        if kind in ("float_parsing", "float_type"):
            return t("cli.click.expected_number", lang, value=value)
        if kind in ("literal_error", "enum"):
            expected = (first.get("ctx") or {}).get("expected", "")
            return t("cli.click.expected_one_of", lang, value=value, expected=expected)
        if kind in ("bool_parsing", "bool_type"):
            return t("cli.click.expected_bool", lang, value=value)
    return t("cli.click.invalid_as_said", lang, message=error.message)


_EXTRA = re.compile(r"Got unexpected extra argument(?:\(s\)|s)? \((?P<args>.*)\)$", re.S)
_NO_COMMAND = re.compile(r"No such command (?P<name>.+)\.$", re.S)


def usage_error_message(error: Any, lang: str) -> str:
    """The error's own sentence in `lang`, built from its fields."""
    if isinstance(error, click_errors.NoSuchOption):
        text = t("cli.click.no_such_option", lang, option=error.option_name)
        if len(error.possibilities or ()) == 1:
            text += " " + t("cli.click.did_you_mean", lang, option=error.possibilities[0])
        elif error.possibilities:
            text += " " + t("cli.click.possible_options", lang,
                            options=", ".join(sorted(error.possibilities)))
        return text
    if isinstance(error, OptionTwice):
        return t("cli.click.option_twice", lang, option=error.option)
    if isinstance(error, click_errors.MissingParameter):
        kind = error.param_type or (error.param.param_type_name if error.param else "")
        key = "cli.click.missing_option" if kind == "option" else "cli.click.missing_argument"
        return t(key, lang, name=_hint(error))
    if isinstance(error, click_errors.BadParameter):
        return t("cli.click.invalid_value", lang, name=_hint(error), why=_invalid(error, lang))
    if isinstance(error, click_errors.BadOptionUsage):
        if "does not take a value" in error.message:
            return t("cli.click.option_takes_no_value", lang, option=error.option_name)
        return t("cli.click.option_needs_value", lang, option=error.option_name)
    message = error.format_message()
    if match := _EXTRA.match(message):
        return t("cli.click.extra_arguments", lang, args=match["args"])
    if match := _NO_COMMAND.match(message):
        return t("cli.click.no_such_command", lang, name=match["name"])
    if message == "Missing command.":
        return t("cli.click.missing_command", lang)
    return message


def show_usage_error(error: Any, lang: str) -> None:
    """Click's usage error display (usage line, help hint, error) in `lang`. English too
    is written from the error's fields: a bad value's own sentence ("Input should be a
    valid integer") names no value."""
    if isinstance(error, click_errors.NoArgsIsHelpError):
        error.show()
        return
    out = sys.stderr
    ctx = error.ctx
    if ctx is not None:
        print(ctx.get_usage(), file=out)
        if ctx.command.get_help_option(ctx) is not None:
            print(t("cli.click.try_help", lang, command=ctx.command_path,
                    option=ctx.help_option_names[0]), file=out)
        print(file=out)
    print(t("cli.click.error", lang, message=usage_error_message(error, lang)), file=out)


def run(command: Any, argv: Sequence[str], lang: str) -> int:
    """Run the click command on `argv` with help and usage errors in `lang`: the exit
    status (2 for a usage error, 130 for Ctrl-C, 1 for an abort)."""
    translate_help(command, lang)
    try:
        status = command.main(list(argv), standalone_mode=False)
    except click_errors.UsageError as error:
        show_usage_error(error, lang)
        return error.exit_code
    except Abort:
        print(t("cli.click.aborted", lang), file=sys.stderr)
        return 1
    except click_errors.ClickException as error:  # pragma: no cover - files, etc.
        error.show()
        return error.exit_code
    return status if isinstance(status, int) else 0


__all__ = ["Context", "EmptyValue", "OptionTwice", "OptionsOnce", "given_host", "given_path",
           "help_language", "help_text", "run", "translate_help"]
