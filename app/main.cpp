// Tilesmith: one executable for the editor and the headless command line.
#include "editorapp.h"
#include "tilesmith/cli/cli.h"

int main(int argc, char** argv) {
    if (ts::app::isCliCommand(argc, argv))
        return ts::app::runCli(argc, argv);
    return ts::app::runEditor(argc, argv);
}
