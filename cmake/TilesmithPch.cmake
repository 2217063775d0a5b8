# Precompiled headers for the Qt Widgets layers (editor, play, app) and the tests that link
# them: most of a widget source's compile time is parsing the same Qt headers. One set of
# headers, compiled once per library and once for all widget tests (REUSE_FROM); the tests'
# set leaves out <QTest>, whose macros differ per test folder and would invalidate a shared
# PCH. TILESMITH_PCH=OFF compiles without them (and checks that every file includes what it
# uses).
option(TILESMITH_PCH "Precompile the Qt headers of the widget layers and their tests" ON)

set(TILESMITH_PCH_HEADERS
    <algorithm> <cstdint> <functional> <map> <memory> <optional> <string> <unordered_map>
    <utility> <vector>
    <QAction> <QApplication> <QCheckBox> <QComboBox> <QDir> <QDockWidget> <QDoubleSpinBox>
    <QFile> <QFileInfo> <QGraphicsItem> <QGraphicsScene> <QGraphicsView> <QHBoxLayout>
    <QImage> <QKeyEvent> <QLabel> <QLineEdit> <QList> <QMainWindow> <QMenu> <QMouseEvent>
    <QObject> <QPainter> <QPixmap> <QPointer> <QPushButton> <QSettings> <QSpinBox> <QString>
    <QTimer> <QToolButton> <QUndoStack> <QVBoxLayout> <QWidget>)

# Precompiles the widget headers for `target` (a library of the widget layers).
function(tilesmith_widget_pch target)
    if(TILESMITH_PCH)
        target_precompile_headers(${target} PRIVATE ${TILESMITH_PCH_HEADERS})
    endif()
endfunction()
