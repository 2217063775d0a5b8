// The overlays' legend: a small translucent panel in the view's bottom-left
// corner that says what each colour and mark of the play overlays means
// (View > Overlays > Legend). Its rows come from overlaystyle.h, the table the
// overlay items draw with. Drawn once into a pixmap: repaints are a blit.
#pragma once

#include <QPixmap>
#include <QStringList>
#include <QWidget>

namespace ts::play {

class PlayLegend : public QWidget {
    Q_OBJECT
public:
    explicit PlayLegend(QWidget* parent = nullptr);
    /// The rows' texts, in order (tests and the README read them).
    QStringList texts() const;
    /// Puts the panel in the bottom-left corner of `area` (parent coordinates).
    void place(const QRect& area);

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    void render();
    QPixmap mPixmap;
};

} // namespace ts::play
