// File > New: the size of the new level.
#pragma once

#include <QDialog>

class QLineEdit;
class QSpinBox;

namespace ts::editor {

class NewLevelDialog : public QDialog {
    Q_OBJECT
public:
    struct Settings {
        QString name = QStringLiteral("Untitled");
        int width = 40;    ///< tiles
        int height = 12;   ///< tiles
        int tileSize = 16; ///< pixels
    };

    explicit NewLevelDialog(QWidget* parent = nullptr);

    void setSettings(const Settings& s);
    Settings settings() const;

private:
    QLineEdit* mName;
    QSpinBox* mWidth;
    QSpinBox* mHeight;
    QSpinBox* mTileSize;
};

} // namespace ts::editor
