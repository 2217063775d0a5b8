# Turns the C++ code blocks (```cpp) of one Markdown file into a function each, so the
# docs' examples are compiled (and run) as a game would write them:
#   cmake -DDOC=docs/game-library.md -DNAME=game -DOUT=doc_game.cpp [-DPRELUDE=a.h;b.h] \
#         -P extract_snippets.cmake
# Block K becomes `int docSnippet_NAME_K(double frameSeconds)`: its #include lines go to the
# top of the file (after the PRELUDE headers), the rest is the body, with `#line` so that a
# compile error points at the Markdown file's own line, and `return 0;` at its end. A file
# with no cpp block is an error (a renamed or removed example is noticed).
# Used by tests/docs (test_doc_snippets) and tools/check-package.sh (the installed package).
foreach(var DOC NAME OUT)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "extract_snippets.cmake: -D${var}=... is required")
    endif()
endforeach()
# One list element per line. `;` is escaped, and `[` `]` are swapped for markers until a
# line is used: CMake does not split a list inside square brackets.
file(READ "${DOC}" text)
string(REPLACE ";" "\\;" text "${text}")
string(REPLACE "[" "@LSQ@" text "${text}")
string(REPLACE "]" "@RSQ@" text "${text}")
string(REPLACE "\n" ";" lines "${text}")

set(includes "")
foreach(h IN LISTS PRELUDE)
    string(APPEND includes "#include <${h}>\n")
endforeach()
set(functions "")
set(count 0)
set(inside FALSE)
set(lineNo 0)
foreach(line IN LISTS lines)
    math(EXPR lineNo "${lineNo} + 1")
    string(REPLACE "@LSQ@" "[" line "${line}")
    string(REPLACE "@RSQ@" "]" line "${line}")
    if(NOT inside)
        if(line MATCHES "^```cpp[ \t]*$")
            set(inside TRUE)
            set(body "")
            math(EXPR first "${lineNo} + 1")
        endif()
        continue()
    endif()
    if(line MATCHES "^```[ \t]*$")
        set(inside FALSE)
        string(APPEND functions
               "int docSnippet_${NAME}_${count}([[maybe_unused]] double frameSeconds) {\n"
               "#line ${first} \"${DOC}\"\n${body}    return 0;\n}\n\n")
        math(EXPR count "${count} + 1")
        continue()
    endif()
    if(line MATCHES "^#include ")
        string(APPEND includes "${line}\n")
        set(line "") # keeps the #line numbering
    endif()
    string(APPEND body "${line}\n")
endforeach()
if(inside)
    message(FATAL_ERROR "${DOC}: a ```cpp block is never closed")
endif()
if(count EQUAL 0)
    message(FATAL_ERROR "${DOC}: no ```cpp block found")
endif()
file(WRITE "${OUT}.tmp"
     "// Generated from ${DOC} by tests/docs/extract_snippets.cmake: do not edit.\n"
     "// An example ends on the value a game goes on to use (`ts::Vec2 p = ...`).\n"
     "#pragma GCC diagnostic ignored \"-Wunused-variable\"\n"
     "#pragma GCC diagnostic ignored \"-Wunused-but-set-variable\"\n"
     "#include <cstdio>\n#include <iostream>\n${includes}\n${functions}"
     "int docSnippetCount_${NAME}() {\n    return ${count};\n}\n")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
